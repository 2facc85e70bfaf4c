// The CSP nonce of this response: made by the HTTP host, handed to React Router through the
// router context, and to the document's inline scripts through a React context.
import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";
import { singleton } from "./singleton.ts";

export const cspNonceContext = singleton("cspNonceContext", () => createContext<string>(""));

export const NonceContext = createReactContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
