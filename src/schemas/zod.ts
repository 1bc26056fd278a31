/**
 * zod as the schemas here use it: the mini build, because they ship to the browser and the classic build
 * is several times its size, with zod's English messages, which only the classic build registers by
 * itself. A failed check then reads the same on the server and in the browser, whichever build loaded first.
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

export { z };
