import sanitizeHtml from 'sanitize-html';
import { fillContract, type ContractValues } from '../../../contract/contract-text';

/**
 * What a contract may hold: text structure, tables and plain links. Everything else is dropped:
 * scripts and their text, event handlers, every style and class (a style can hide a clause), images
 * and frames, and any link that is not http, https or mailto (javascript:, data:, protocol-relative).
 */
const CONTRACT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeContractHtml = (html: string): string => sanitizeHtml(html, CONTRACT_HTML).trim();

/**
 * The contract as issued: the template filled and sanitized once more, so a placeholder filled
 * inside an attribute can never make a link unsafe.
 */
export const issueContract = (templateHtml: string, values: ContractValues): string =>
  sanitizeContractHtml(fillContract(templateHtml, values));
