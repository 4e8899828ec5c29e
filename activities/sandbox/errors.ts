// Errors a sandbox tool reports back to the model. They are the model's to fix (or the
// sandbox's limits doing their job), never infrastructure faults: tools turn them into
// `ok: false` tool results instead of failing the activity.

export type SandboxErrorCode =
  | 'bad_arguments'
  | 'unknown_tool'
  | 'bad_path'
  | 'not_found'
  | 'too_many_files'
  | 'file_too_large'
  | 'quota'
  | 'timeout'
  | 'memory'
  | 'runtime_error'
  | 'bad_url'
  | 'forbidden_address'
  | 'bad_content_type'
  | 'too_large'
  | 'fetch_failed';

export class SandboxError extends Error {
  constructor(
    public readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export function isSandboxError(error: unknown): error is SandboxError {
  return error instanceof SandboxError;
}
