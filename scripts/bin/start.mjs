// `npm start` and `npm run dev` (--dev): the supervisor (../start.ts), on a Node that can run it.
import { launch } from "./launch.mjs";

launch("../start.ts");
