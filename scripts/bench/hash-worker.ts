// A Worker that runs the app's own password hashing, for scripts/bench-hash.mjs.
import { hashPassword, verifyPassword } from "../../app/.server/auth/password";

let stored: string | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    const op = new URL(request.url).searchParams.get("op");
    if (op === "hash") stored = await hashPassword("Benchmark-Password-1");
    if (op === "verify") {
      stored ??= await hashPassword("Benchmark-Password-1");
      await verifyPassword("Benchmark-Password-1", stored);
    }
    return new Response("ok");
  },
};
