// The bench's baseline: a Worker that answers a static string, served like the app.
export default {
  fetch() {
    return new Response("ok", { headers: { "Content-Type": "text/plain" } });
  },
};
