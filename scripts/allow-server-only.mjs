// `npm run leads` runs the server's own modules outside Next. They start with `import "server-only"`,
// which throws outside a React Server build; the command is server code, so that guard resolves to
// an empty module here. (The react-server condition would do the same, but it also swaps
// react-dom/server for a stub that throws, and the command renders the e-mails.)
import { register } from "node:module";

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
