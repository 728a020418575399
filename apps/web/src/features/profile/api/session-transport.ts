/**
 * Requests the JSON client cannot make (bytes down, files up), with the session's token and its
 * refresh. The route hands them in: they live with the attachments, which features do not import.
 */
export type SessionFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type SessionSend = <Result extends { status: number }>(
  send: (headers: Headers) => Promise<Result>,
  readError: (result: Result) => Promise<{ code?: string } | undefined>,
) => Promise<Result>;
