import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkSites } from "./site-check.server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of tenants/ and app/locales to break. */
function copy() {
  const root = mkdtempSync(path.join(tmpdir(), "site-check-"));
  dirs.push(root);
  cpSync("tenants", path.join(root, "tenants"), { recursive: true });
  cpSync("app/locales", path.join(root, "locales"), { recursive: true });
  const paths = { tenantsDir: path.join(root, "tenants"), publicDir: path.resolve("public"), localesDir: path.join(root, "locales") };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits raw site files, invalid values included
  const edit = (file: string, change: (json: any) => void) => {
    const full = path.join(paths.tenantsDir, file);
    const json = JSON.parse(readFileSync(full, "utf8"));
    change(json);
    writeFileSync(full, JSON.stringify(json));
  };
  return { root, paths, edit };
}

describe("site:check", () => {
  it("finds nothing wrong with the demo sites", () => {
    expect(checkSites({ tenantsDir: path.resolve("tenants"), publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") })).toEqual([]);
  });

  it("names file and field of each kind of mistake, all at once", () => {
    const { root, paths, edit } = copy();
    edit("lovely.json", (s) => {
      s.colour_scheme = "red";
      s.branding.colors.primary = "red";
      s.branding.logo = "/brands/missing.svg";
    });
    edit("mature.json", (s) => {
      s.niche = 9;
    });
    edit("pride.json", (s) => {
      s.domains.push("lovely.localhost");
    });
    rmSync(path.join(root, "locales", "fi"), { recursive: true });
    edit("landers/none.json", (s) => {
      s.slugs.summer.hero = { image: "/landers/nope.svg" };
      s.slugs.summer.filter.min_age = 12;
    });
    edit("landers/gay.json", (s) => {
      s.slugs.summer.hero = { video: "/landers/missing.mp4" };
    });
    const problems = checkSites(paths);
    const t = paths.tenantsDir;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${t}/lovely.json: \\(file\\): .*colour_scheme`)),
        `${t}/lovely.json: branding.colors.primary: must be a colour like #9b1c1c`,
        expect.stringMatching(new RegExp(`^${t}/mature.json: niche: `)),
        `${t}/pride.json: domains.2: "lovely.localhost" is already served by ${t}/lovely.json`,
        expect.stringMatching(new RegExp(`^${t}/pride.json: locales.\\d: no catalogue for "fi"`)),
        expect.stringMatching(new RegExp(`^${t}/landers/none.json: slugs.summer.filter.min_age: `)),
        `${t}/landers/gay.json: slugs.summer.hero.video: /landers/missing.mp4 does not exist under ${paths.publicDir}`,
      ]),
    );
    expect(problems.length).toBeGreaterThanOrEqual(7);
  });

  it("finds a missing logo and missing lander media in an otherwise valid file", () => {
    const { paths, edit } = copy();
    edit("lovely.json", (s) => {
      s.branding.logo = "/brands/missing.svg";
    });
    edit("landers/milf.json", (s) => {
      s.hero.poster = "/landers/gone.svg";
    });
    expect(checkSites(paths)).toEqual([
      `${paths.tenantsDir}/lovely.json: branding.logo: /brands/missing.svg does not exist under ${paths.publicDir}`,
      `${paths.tenantsDir}/landers/milf.json: hero.poster: /landers/gone.svg does not exist under ${paths.publicDir}`,
    ]);
  });

  it("refuses, for a deployment, a canonical domain members' mail cannot reach or that the site does not serve", () => {
    const { paths, edit } = copy();
    const t = paths.tenantsDir;
    // the demo files name their .localhost domains: right for the embedded default, not for a deployment
    expect(checkSites(paths)).toEqual([]);
    expect(checkSites({ ...paths, deployment: true })).toEqual(
      ["lovely", "mature", "pride"].map(
        (key) => `${t}/${key}.json: canonical_domain: "${key}.localhost" is a local name that members' mail cannot reach: name the site's public domain`,
      ),
    );
    edit("lovely.json", (s) => {
      s.canonical_domain = "lovelydates.example";
    });
    edit("mature.json", (s) => {
      delete s.canonical_domain;
    });
    edit("pride.json", (s) => {
      s.canonical_domain = "pride.example";
    });
    expect(checkSites({ ...paths, deployment: true })).toEqual([
      `${t}/mature.json: canonical_domain: required outside the embedded default: the domain mails link to and are sent from (one of domains)`,
      `${t}/pride.json: canonical_domain: "pride.example" is not one of the site's domains`,
    ]);
  });

  it("names a company block with a bad field, and two files describing one company differently", () => {
    const { paths, edit } = copy();
    const t = paths.tenantsDir;
    const company = {
      name: "Nordlys Dating AB",
      address: "Sveavägen 44",
      city: "Stockholm",
      country: "SE",
      kvk: "559123-4567",
      vat_numbers: ["SE559123456701"],
    };
    edit("mature.json", (s) => {
      s.company = company;
    });
    edit("pride.json", (s) => {
      s.company = { ...company, name: "Nordlys AB" };
    });
    edit("lovely.json", (s) => {
      s.company = { ...company, country: "Netherlands", vat_numbers: ["12"] };
    });
    expect(checkSites(paths)).toEqual([
      `${t}/lovely.json: company.country: must be a two-letter ISO country code in capitals`,
      `${t}/lovely.json: company.vat_numbers.0: must be a VAT number like NL862345678B01`,
      `${t}/pride.json: company: company 2 is described differently in ${t}/mature.json (give one block, or the same in both)`,
    ]);
  });
});
