import { API_PATHS } from '@sufel/contract';

/** The top of /docs: the shortest way from nothing to a published document. */
export const QUICK_START = `## Quick start

Publishing for issuers and consultation for receivers of Peruvian electronic documents.
Every error answers \`{ "message": "…" }\` in Spanish, with the status codes listed under each route.

1. **Get credentials.** The operator of this portal registers your company and gives you its
   RUC and a password (\`npm run sufel -- company add --ruc … --nombre …\`).
2. **Authenticate.** \`POST ${API_PATHS.companyAuth}\` with \`{"ruc": "20606433094", "password": "…"}\`
   answers \`{token, expire}\` (2 days). For an integration, create a named API token once with that
   token — \`POST ${API_PATHS.companyTokens}\` with \`{"nombre": "Facturador"}\` — and keep its \`token\`
   (\`sufel_…\`, shown only then). Send either as \`Authorization: Bearer <token>\`.
3. **Publish.** Send the signed UBL XML, and optionally the PDF and SUNAT's CDR, in base64
   (\`SUFEL\` is this portal's address, \`TOKEN\` your token):

   \`\`\`sh
   curl -X POST "$SUFEL${API_PATHS.companyDocuments}" \\
     -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
     -d "{\\"xml\\": \\"$(base64 -w0 F001-123.xml)\\", \\"pdf\\": \\"$(base64 -w0 F001-123.pdf)\\"}"
   \`\`\`

   Without a PDF, SUFEL prints one. Publishing the same XML again answers the same links with
   \`nuevo: false\`; a different XML for the same series and number is a 409.
4. **Read the links.** The answer carries \`xml\`, \`pdf\` and (with a CDR) \`cdr\`: signed download
   links, valid 24 hours, to hand to your customer or store; \`id\` is the document in SUFEL, and
   \`firma\` the outcome of the signature check (\`invalida\` comes with an \`aviso\`).
   Receivers find the document themselves with its printed data.
`;
