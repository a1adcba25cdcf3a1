// Answers shaped like PayPal's: JSON, and errors with name, details[].issue and a debug id.

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const failure = (status: number, name: string, issue: string, description: string) => {
  const debugId = crypto.randomUUID().replaceAll("-", "").slice(0, 13);
  return json(status, { name, message: description, debug_id: debugId, details: [{ issue, description }] }, { "Paypal-Debug-Id": debugId });
};

export const notFound = () => failure(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
