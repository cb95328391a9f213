-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Website" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "domain" TEXT,
    "shopDomain" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "currencyCharacter" TEXT NOT NULL DEFAULT '$',
    "defaultCountry" TEXT NOT NULL DEFAULT 'US',
    "language" TEXT NOT NULL DEFAULT 'en',
    "businessType" TEXT,
    "privacyMessage" TEXT,
    "privacyLink" TEXT,
    "privacyLinkText" TEXT,
    "termsLink" TEXT,
    "termsLinkText" TEXT,
    "marketingConsent" TEXT,
    "smsConsent" TEXT,
    "brand" TEXT,
    "brandStyle" JSONB,
    "brandColors" JSONB,
    "poweredBy" BOOLEAN NOT NULL DEFAULT true,
    "urlIdentification" BOOLEAN NOT NULL DEFAULT false,
    "formTracking" BOOLEAN NOT NULL DEFAULT false,
    "dataSettings" JSONB NOT NULL,
    "segmentWriteKey" TEXT,
    "gtmId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Website" ("brand", "brandColors", "brandStyle", "businessType", "createdAt", "currency", "currencyCharacter", "dataSettings", "defaultCountry", "domain", "formTracking", "gtmId", "id", "marketingConsent", "name", "poweredBy", "privacyLink", "privacyLinkText", "privacyMessage", "segmentWriteKey", "shopDomain", "smsConsent", "termsLink", "termsLinkText", "updatedAt", "urlIdentification") SELECT "brand", "brandColors", "brandStyle", "businessType", "createdAt", "currency", "currencyCharacter", "dataSettings", "defaultCountry", "domain", "formTracking", "gtmId", "id", "marketingConsent", "name", "poweredBy", "privacyLink", "privacyLinkText", "privacyMessage", "segmentWriteKey", "shopDomain", "smsConsent", "termsLink", "termsLinkText", "updatedAt", "urlIdentification" FROM "Website";
DROP TABLE "Website";
ALTER TABLE "new_Website" RENAME TO "Website";
CREATE UNIQUE INDEX "Website_shopDomain_key" ON "Website"("shopDomain");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

