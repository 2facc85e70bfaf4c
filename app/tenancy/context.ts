// Per-request values the server entry resolves once and hands to every loader and action.
import { createContext } from "react-router";
import { singleton } from "#app/utils/singleton.ts";
import type { Site } from "./site-schema.ts";

export interface Visitor {
  /** ISO country from the CDN's geo header, when there is one. */
  country: string | null;
  ip: string;
}

export const siteContext = singleton("siteContext", () => createContext<Site>());
export const visitorContext = singleton("visitorContext", () => createContext<Visitor>());
