import { describe, expect, it } from "vitest";
import { reverseGeocode } from "./geocode.server.ts";

describe("reverseGeocode", () => {
  it.each([
    ["Amsterdam", 52.373, 4.893, { country: "NL", region: "Noord-Holland", city: "Amsterdam" }],
    ["Utrecht", 52.0907, 5.1214, { country: "NL", region: "Utrecht", city: "Utrecht" }],
    ["München", 48.137, 11.575, { country: "DE", region: "Bayern", city: "München" }],
    ["Zürich", 47.377, 8.54, { country: "CH", region: "Zürich", city: "Zürich" }],
    ["Kraków", 50.061, 19.938, { country: "PL", region: "małopolskie", city: "Kraków" }],
    ["Sevilla", 37.389, -5.984, { country: "ES", region: "Sevilla", city: "Sevilla" }],
    ["Tromsø", 69.65, 18.96, { country: "NO", region: "Troms", city: "Tromsø" }],
  ])("finds %s", (_name, lat, lon, expected) => {
    const g = reverseGeocode(lat, lon);
    expect(g).toMatchObject(expected);
    expect(g!.distanceKm).toBeLessThan(2);
  });

  it("returns null far from every place", () => {
    expect(reverseGeocode(55.0, 3.0)).toBeNull(); // North Sea
    expect(reverseGeocode(40.0, -40.0)).toBeNull(); // mid-Atlantic
  });

  it("knows the countries beyond Europe", () => {
    expect(reverseGeocode(40.71, -74.0)).toMatchObject({ country: "US", region: "New York", city: "New York" });
    expect(reverseGeocode(-41.29, 174.78)).toMatchObject({ country: "NZ", region: "Wellington", city: "Wellington" });
  });

  it("returns the distance in kilometres", () => {
    // Amsterdam → Utrecht is about 35 km; from Amsterdam's centre the nearest place is Amsterdam itself.
    const g = reverseGeocode(52.373, 4.893);
    expect(g!.distanceKm).toBeLessThan(0.5);
    const h = reverseGeocode(52.2, 4.95); // between Amsterdam and Utrecht, rural Noord-Holland/Utrecht border
    expect(h).not.toBeNull();
    expect(h!.distanceKm).toBeGreaterThan(1);
  });
});
