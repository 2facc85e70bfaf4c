import { describe, expect, it } from "vitest";
import { INTERESTS } from "#app/profiles/profile-fields.ts";
import { INTEREST_GROUPS, interestGroups, sortInterests } from "./niche.ts";

describe("interest groups", () => {
  it("hold every interest exactly once", () => {
    const all = Object.values(INTEREST_GROUPS).flat();
    expect([...all].sort()).toEqual([...INTERESTS].sort());
  });

  it("put hobbies before intimate items on a general site, and fold the intimate ones", () => {
    const groups = interestGroups("none");
    expect(groups[0]!.interests).toContain("gym");
    expect(groups.at(-1)).toMatchObject({ group: "intimate", folded: true });
    expect(sortInterests(["sex", "gym", "relationship", "music"], "none")).toEqual(["gym", "music", "relationship", "sex"]);
  });

  it("lead with romance and intimacy on an adult niche", () => {
    expect(
      interestGroups("milf")
        .map((g) => g.group)
        .slice(0, 2),
    ).toEqual(["romance", "intimate"]);
    expect(interestGroups("milf").every((g) => !g.folded)).toBe(true);
  });
});
