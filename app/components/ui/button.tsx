// Buttons of the design system. The colours are the theme's CSS variables
// (--color-primary, ...) that root.tsx sets per site on <html>, so every brand gets its own.
import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "./cx.ts";

export type ButtonVariant =
  "primary" | "secondary" | "outline" | "light" | "ghost" | "ghost-light" | "subtle" | "success" | "danger" | "danger-outline" | "link";
type ButtonSize = "sm" | "md" | "lg" | "inline";

const BASE =
  "inline-flex items-center justify-center gap-1.5 rounded-full text-center font-semibold transition " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-white shadow-sm hover:brightness-110",
  secondary: "bg-secondary text-dark shadow-sm hover:brightness-105",
  outline: "border border-primary/40 bg-white text-primary hover:bg-accent",
  /** on the brand colour (the home page's hero) */
  light: "bg-white text-primary shadow-sm hover:bg-accent",
  ghost: "text-primary hover:bg-primary/10",
  success: "bg-success text-white shadow-sm hover:brightness-110",
  /** an icon button that should not draw the eye (close, back, remove) */
  subtle: "text-black/60 hover:bg-black/5 hover:text-dark",
  /** on a dark or brand-coloured background */
  "ghost-light": "text-white/90 hover:bg-white/10 hover:text-white",
  danger: "bg-danger text-white shadow-sm hover:brightness-110",
  "danger-outline": "border border-danger/40 bg-white text-danger hover:bg-danger/5",
  /** underlined text in the colour around it (give it one with a text-* class) */
  link: "underline underline-offset-2 hover:decoration-2",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-5 py-2",
  lg: "px-8 py-3 text-lg font-bold",
  /** no padding, the text's own size: inside a line of text */
  inline: "",
};

export interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** The whole width of its container. */
  block?: boolean | undefined;
}

/** The classes of a button, for the rare element that cannot be a Button (a plain <a> with its own onClick). */
export const buttonClass = ({ variant = "primary", size = "md", block }: ButtonLook = {}, className?: string) =>
  cx(BASE, VARIANTS[variant], SIZES[size], block && "w-full", className);

type AsButton = ButtonLook & React.ButtonHTMLAttributes<HTMLButtonElement> & { to?: undefined };
type AsLink = ButtonLook & LinkProps;
export type ButtonProps = AsButton | AsLink;

/** A <button> (type="button" unless told), or a router Link that looks like one when given `to`. */
export const Button = forwardRef<HTMLButtonElement | HTMLAnchorElement, ButtonProps>(function Button(props, ref) {
  const { variant, size, block, className, ...rest } = props;
  const classes = buttonClass({ variant, size, block }, className);
  if (rest.to !== undefined) {
    return <Link ref={ref as React.Ref<HTMLAnchorElement>} {...(rest as LinkProps)} className={classes} />;
  }
  const { type = "button", ...button } = rest as React.ButtonHTMLAttributes<HTMLButtonElement>;
  return <button ref={ref as React.Ref<HTMLButtonElement>} type={type} {...button} className={classes} />;
});
