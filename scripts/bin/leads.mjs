// `npm run leads -- <command>`: the owner's commands (../leads.ts), on a Node that can run them.
import { launch } from "./launch.mjs";

launch("../leads.ts", { tsx: true, serverOnly: true });
