import { cachePublic } from "./cache";
import { adminSubApp, subApp } from "./context";
import { tagBoardJson, tagMoveJson } from "./serializers/tags";
import { TagParam } from "./params";
import { body, param } from "./validate";
import { assignTag, takeBackTag } from "~/.server/services/tags/tag-admin";
import { tagBoard, tagHistory } from "~/.server/services/tags/tags";
import { TagAssignSchema, TagTakeBackSchema } from "~/schemas/tags";

/** GET /api/tags (holders and the pool) and /api/tags/{tag} (its history): public, purged by any tag move. */
export const tagsApi = subApp()
  .get("/", async (c) => {
    const board = await tagBoard(c.var.db);
    cachePublic(c, "tags", "players", "settings");
    return c.json(tagBoardJson(board));
  })
  .get("/:tag", param(TagParam), async (c) => {
    const history = await tagHistory(c.var.db, { tag: c.req.valid("param").tag });
    cachePublic(c, "tags", "players", "rounds");
    return c.json(history.map(tagMoveJson));
  });

/** POST /api/admin/tags/assign and /take-back; mounted in ./admin.ts behind the admin guard. */
export const adminTagsApi = adminSubApp()
  .post("/tags/assign", body(TagAssignSchema), async (c) => {
    await assignTag(c.var.db, c.req.valid("json"));
    return c.json({ success: true });
  })
  .post("/tags/take-back", body(TagTakeBackSchema), async (c) => {
    await takeBackTag(c.var.db, c.req.valid("json"));
    return c.json({ success: true });
  });
