/** The validation's messages for one field, tied to it by `id` (aria-describedby). */
export function FieldMessages({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="grid gap-0.5 text-sm text-destructive">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** The props that mark a control invalid and point it at its messages (and any hint). */
export function describeField(
  id: string,
  messages: readonly string[] | undefined,
  hintId?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const hasMessages = (messages?.length ?? 0) > 0;
  return {
    'aria-invalid': hasMessages ? true : undefined,
    'aria-describedby': [hintId, hasMessages && id].filter(Boolean).join(' ') || undefined,
  };
}
