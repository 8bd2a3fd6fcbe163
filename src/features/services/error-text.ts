/** The services screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const SERVICES_ERROR_TEXT = {
  fetchServices: 'Failed to fetch services',
  createService: 'Failed to create service',
  updateService: 'Failed to update service',
  deleteService: 'Failed to delete service',
  deleteServices: 'Failed to delete services',
} as const;
