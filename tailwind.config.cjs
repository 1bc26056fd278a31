/**
 * Tailwind CSS 4 reads its theme from src/styles/global.css (@theme); this file is loaded there with
 * @config for the few settings that CSS cannot express.
 * @type {import('tailwindcss').Config}
 */
module.exports = {
  content: ["./src/**/*.{astro,html,ts,tsx,md,mdx}"],
};
