import { describe, expect, it } from "vitest";
import { type Country, REGIONS } from "./geo-data.ts";
import { PLACES } from "./places-data.ts";

// Rough bounding boxes [minLat, maxLat, minLon, maxLon], islands included.
const BOX: Record<Country, readonly [number, number, number, number]> = {
  NL: [50.7, 53.6, 3.3, 7.3],
  BE: [49.4, 51.6, 2.5, 6.5],
  DE: [47.2, 55.1, 5.8, 15.1],
  GB: [49.8, 60.9, -8.3, 1.8],
  IE: [51.4, 55.5, -10.7, -5.9],
  AT: [46.3, 49.1, 9.5, 17.2],
  CH: [45.8, 47.9, 5.9, 10.5],
  SE: [55.3, 69.1, 10.9, 24.2],
  NO: [57.9, 71.2, 4.5, 31.2],
  DK: [54.5, 57.8, 8.0, 15.2],
  FI: [59.7, 70.1, 19.4, 31.6],
  PL: [49.0, 54.9, 14.1, 24.2],
  ES: [27.6, 43.8, -18.2, 4.4],
  IT: [35.4, 47.1, 6.6, 18.6],
  FR: [41.3, 51.1, -5.2, 9.6],
  US: [18.9, 71.4, -179.2, -66.9],
  CA: [41.6, 83.2, -141.1, -52.6],
  AU: [-43.7, -10.6, 113.1, 153.7],
  NZ: [-47.3, -34.4, 166.4, 178.6],
};

const countries = Object.keys(REGIONS) as Country[];

describe("PLACES", () => {
  it("has at least two places in every region of every country", () => {
    const missing: string[] = [];
    for (const country of countries) {
      for (const region of REGIONS[country]) {
        const n = PLACES.filter((p) => p.country === country && p.region === region).length;
        if (n < 2) missing.push(`${country}/${region}: ${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("only uses regions listed for the place's country", () => {
    const bad = PLACES.filter((p) => !REGIONS[p.country].includes(p.region)).map((p) => `${p.country}/${p.region}/${p.name}`);
    expect(bad).toEqual([]);
  });

  it("has no duplicate (country, name)", () => {
    const seen = new Set<string>();
    const dups: string[] = [];
    for (const p of PLACES) {
      const key = `${p.country}/${p.name}`;
      if (seen.has(key)) dups.push(key);
      seen.add(key);
    }
    expect(dups).toEqual([]);
  });

  it("keeps every place inside its country's bounding box", () => {
    const outside = PLACES.filter((p) => {
      const [minLat, maxLat, minLon, maxLon] = BOX[p.country];
      return !(p.lat >= minLat && p.lat <= maxLat && p.lon >= minLon && p.lon <= maxLon);
    }).map((p) => `${p.country}/${p.name} ${p.lat},${p.lon}`);
    expect(outside).toEqual([]);
  });

  it("has names and finite coordinates", () => {
    for (const p of PLACES) {
      expect(p.name.trim()).toBe(p.name);
      expect(p.name.length).toBeGreaterThan(0);
      expect(Number.isFinite(p.lat) && Number.isFinite(p.lon)).toBe(true);
    }
  });
});
