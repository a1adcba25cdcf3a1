import { describe, expect, it } from "vitest";
import { splitPlayerName } from "~/lib/player-name";

describe("'Add player: {text}' splits the text into first and last name", () => {
  it.each([
    ["Jane Doe", { fn: "Jane", ln: "Doe" }],
    ["  Juan   de la Cruz ", { fn: "Juan", ln: "de la Cruz" }],
    ["Cher", { fn: "Cher", ln: "" }],
    ["", { fn: "", ln: "" }],
  ])("%j", (text, expected) => {
    expect(splitPlayerName(text)).toEqual(expected);
  });
});
