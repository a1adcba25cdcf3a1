import { RouterContextProvider, createRequestHandler } from "react-router";
import { createWorker } from "./worker";
import { cloudflareContext } from "~/context";

// Built once per isolate; each request gets its own router context.
const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default createWorker((request, env, ctx) => {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  return requestHandler(request, context);
});
