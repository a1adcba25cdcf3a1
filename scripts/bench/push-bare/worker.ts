import { newVapidKeys, pushRequest } from "../../../app/.server/push/web-push";

// GET /go?standin={origin}&run={tag}&n={count}&p256dh=…&auth=…: POSTs `count` pushes to
// {origin}/push/bare-{tag}-{i}, six in flight at a time (the app's pool), every one with the
// request made once (one encryption, one VAPID JWT), and answers when the last was accepted.
export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== "/go") return new Response("bare push floor");
    const standIn = url.searchParams.get("standin") ?? "";
    const tag = url.searchParams.get("run") ?? "0";
    const count = Number(url.searchParams.get("n") ?? "150");
    const keys = { p256dh: url.searchParams.get("p256dh") ?? "", auth: url.searchParams.get("auth") ?? "" };
    const vapid = { ...(await newVapidKeys()), subject: "mailto:bench@example.com" };
    const first = await pushRequest({
      subscription: { endpoint: `${standIn}/push/bare-${tag}-0`, keys },
      payload: JSON.stringify({ title: "Bench", body: "Card 1: you start on hole 1", url: "/", tag: "m1" }),
      ttl: 3600,
      topic: "m1",
      vapid,
    });
    let next = 0;
    let accepted = 0;
    const lane = async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`${standIn}/push/bare-${tag}-${i}`, first.init);
        await res.body?.cancel();
        if (res.status === 201) accepted += 1;
      }
    };
    await Promise.all(Array.from({ length: 6 }, lane));
    return Response.json({ accepted });
  },
};
