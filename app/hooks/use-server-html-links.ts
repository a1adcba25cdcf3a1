import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Links inside markup built on the server (`data-html` containers, app/.server/html/) are
 * plain <a> elements: a click on one navigates in the app, as a <Link> would, instead of
 * loading the whole document again. Modified clicks, other targets and downloads are left
 * to the browser. A link marked `data-keep-scroll` (a sort header) keeps the scroll position.
 */
export function useServerHtmlLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("[data-html] a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash, { preventScrollReset: link.hasAttribute("data-keep-scroll") });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
