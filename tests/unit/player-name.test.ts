import { describe, expect, it } from "vitest";
import { splitPlayerName } from "~/lib/players/player-name";

describe("'Add player: {text}' splits the text into first and last name", () => {
  it.each([
    ["Jane Doe", { firstName: "Jane", lastName: "Doe" }],
    ["  Juan   de la Cruz ", { firstName: "Juan", lastName: "de la Cruz" }],
    ["Cher", { firstName: "Cher", lastName: "" }],
    ["", { firstName: "", lastName: "" }],
  ])("%j", (text, expected) => {
    expect(splitPlayerName(text)).toEqual(expected);
  });
});
