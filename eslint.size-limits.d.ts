/** Types of eslint.size-limits.js, for the structure test that reads its lists. */
export declare const SIZE_LIMITS: { fileLines: number; functionLines: number };
export declare const PRODUCT_CODE: string[];
export declare const OVER_SIZE_FILES: string[];
export declare const OVER_SIZE_FUNCTIONS: string[];
