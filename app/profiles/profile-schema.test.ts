// The one profile schema, parsed the way the browser and the actions parse it (conform's
// parseWithZod on form data), and the bounded echo of the server's parse.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "#app/utils/request.server.ts";
import { aboutSchema, locationSchema, personalSchema, profileSchema, regionLabelOf, regionsOf, signupStepSchema } from "./profile-schema.ts";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
};
const errorsOf = (submission: { status?: string | undefined; error?: Record<string, string[] | null> | null }) => submission.error ?? {};

const lovely = ["NL", "BE", "DE", "GB", "IE"];
const member = { name: "Marieke", gender: "female", seeking: "male", sexuality: "bi", country: "NL" };

describe("location", () => {
  it("takes a site country, a region of that country's list and a free-text city", () => {
    const ok = parseWithZod(form({ country: "BE", region: "Antwerpen", city: " Mechelen " }), { schema: locationSchema(lovely) });
    expect(ok.status === "success" && ok.value).toEqual({ country: "BE", region: "Antwerpen", city: "Mechelen" });
    const empty = parseWithZod(form({ country: "BE", region: "", city: "  " }), { schema: locationSchema(lovely) });
    expect(empty.status === "success" && empty.value).toEqual({ country: "BE", region: null, city: null });

    expect(errorsOf(parseWithZod(form({ country: "NL", region: "Bayern" }), { schema: locationSchema(lovely) }))).toEqual({ region: ["validation.region"] });
    expect(errorsOf(parseWithZod(form({ country: "SE", region: "Stockholm" }), { schema: locationSchema(lovely) })).country).toEqual(["validation.required"]);
    expect(errorsOf(parseWithZod(form({ country: "NL", city: "x".repeat(101) }), { schema: locationSchema(lovely) }))).toEqual({
      city: ["validation.tooLong"],
    });
  });

  it("checks the region even while another field is invalid (the browser shows each field's error as it is left)", () => {
    const result = parseWithZod(form({ ...member, name: "", region: "Bayern" }), { schema: profileSchema({ countries: lovely, email: "m@example.test" }) });
    expect(errorsOf(result)).toEqual({ name: ["validation.required"], region: ["validation.region"] });
  });

  it("names each country's regions as the country does", () => {
    expect(regionsOf("CH")).toContain("Graubünden");
    expect(regionsOf("XX")).toEqual([]);
    expect(["NL", "DE", "CH", "IE", "PL", "XX"].map(regionLabelOf)).toEqual(["province", "state", "canton", "county", "voivodeship", "region"]);
  });
});

describe("profile", () => {
  it("keeps the username from being the e-mail address and turns empty choices into null", () => {
    const schema = profileSchema({ countries: lovely, email: "m@example.test" });
    expect(errorsOf(parseWithZod(form({ ...member, name: "M@Example.test" }), { schema }))).toEqual({ name: ["validation.usernameIsEmail"] });
    const ok = parseWithZod(form({ ...member, relationship: "", tattoos: "no", interests: "wine", aboutMe: "" }), { schema });
    expect(ok.status === "success" && ok.value).toMatchObject({ relationship: null, tattoos: false, interests: ["wine"], aboutMe: null, region: null });
    const many = parseWithZod(
      form({
        ...member,
        interests: [
          "wine",
          "beer",
          "tea",
          "coffee",
          "sushi",
          "bbq",
          "art",
          "gym",
          "sports",
          "music",
          "movies",
          "party",
          "beach",
          "tattoos",
          "hiking",
          "biking",
          "reading",
          "animals",
          "fashion",
          "cooking",
          "foodie",
        ],
      }),
      { schema },
    );
    expect(errorsOf(many)).toEqual({ interests: ["validation.tooMany"] });
  });

  it("gives the signup steps their part of the same fields", () => {
    expect(signupStepSchema("personal", lovely)).toBe(personalSchema);
    expect(signupStepSchema("about", lovely)).toBe(aboutSchema);
    expect(Object.keys(signupStepSchema("location", lovely)!.shape)).toEqual(["country", "region", "city"]);
    expect(signupStepSchema("photo", lovely)).toBeNull();
    const personal = parseWithZod(form({ hairColor: "red", tattoos: "" }), { schema: personalSchema });
    expect(personal.status === "success" && personal.value).toEqual({ relationship: null, hairColor: "red", eyeColor: null, bodyType: null, tattoos: null });
    expect(errorsOf(parseWithZod(form({ hairColor: "green" }), { schema: personalSchema }))).toEqual({ hairColor: ["validation.required"] });
  });
});

describe("the server's parse", () => {
  it("echoes only the schema's fields, bounded", () => {
    const submission = parseSubmission(form({ country: "NL", city: "x".repeat(100_000), intent: "location", other: "y" }), locationSchema(lovely));
    expect(errorsOf(submission)).toEqual({ city: ["validation.tooLong"] });
    const echoed = submission.reply().initialValue!;
    expect(Object.keys(echoed).sort()).toEqual(["city", "country"]);
    expect(String(echoed.city).length).toBe(4000);
  });
});
