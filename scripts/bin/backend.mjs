// `npm run backend`: the Supabase backend on this machine (../backend.ts), on a Node that can run it.
import { launch } from "./launch.mjs";

launch("../backend.ts", { tsx: true });
