// @holdline/client: the Holdline API from Node 20+, with nothing but fetch.
export { Holdline, CLIENT_VERSION } from './client.js';
export type {
  AccountExportOptions,
  CallOptions,
  ChangePasswordOptions,
  CloseAccountOptions,
  CreateScanOptions,
  HoldlineOptions,
  ListOptions,
  RecutOptions,
  ScanListOptions,
  SetRetentionOptions,
  WaitOptions,
} from './client.js';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  HoldlineError,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  retryAfterSeconds,
  ServiceUnavailableError,
  untilTimeout,
  WaitTimeoutError,
} from './errors.js';
export type { HoldlineErrorInit } from './errors.js';
export { DEFAULT_RETRY, RETRIED_STATUSES, retryDelayMs } from './http.js';
export { safeFileName } from './file-name.js';
export type { RetryOptions } from './http.js';
export { PageList } from './pages.js';
export { EXPORT_FORMATS, RECUT_EXPORT_FORMATS, SCAN_STATUSES } from './types.js';
export type * from './types.js';
export type { paths } from './openapi.js';
