// The design system: small primitives the screens share.
export { Badge, type BadgeTone } from "./badge.tsx";
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from "./button.tsx";
export { Card, CardHeader } from "./card.tsx";
export { cx } from "./cx.ts";
export { Dialog, Modal } from "./dialog.tsx";
export { Disclosure } from "./disclosure.tsx";
export { Checkbox, controlClass, Select, TextField, type FieldState } from "./fields.tsx";
export { Tabs } from "./tabs.tsx";
