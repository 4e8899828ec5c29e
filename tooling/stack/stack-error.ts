// Why a stack or one of its parts did not start; `code` lets a caller tell it
// from the failures of what it then runs.

export class StackError extends Error {
  readonly code = 'STACK_START_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'StackError';
  }
}
