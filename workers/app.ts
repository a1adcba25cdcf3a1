import { RouterContextProvider, createRequestHandler } from "react-router";
import { createWorker } from "./worker";
import { cloudflareContext, nonceContext } from "~/context";

// Built once per isolate; each request gets its own router context.
const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default createWorker(
  (request, env, ctx, nonce) => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(nonceContext, nonce);
    return requestHandler(request, context);
  },
  { dev: import.meta.env.DEV },
);
