-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false
);

-- CreateTable
CREATE TABLE "OwnerProfile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "avatar" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OwnerAccount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" DATETIME,
    CONSTRAINT "OwnerAccount_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OwnerProfile" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OwnerSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" INTEGER NOT NULL,
    "csrfToken" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OwnerSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "OwnerAccount" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebsiteMembership" (
    "profileId" INTEGER NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("profileId", "websiteId"),
    CONSTRAINT "WebsiteMembership_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OwnerProfile" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebsiteMembership_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Website" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "domain" TEXT,
    "shopDomain" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "currencyCharacter" TEXT NOT NULL DEFAULT '$',
    "defaultCountry" TEXT NOT NULL DEFAULT 'US',
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

-- CreateTable
CREATE TABLE "Cta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "ctaType" TEXT NOT NULL,
    "inlineType" TEXT,
    "overlayType" TEXT,
    "hookType" TEXT,
    "barPosition" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "publishedAt" DATETIME,
    "broadcastId" INTEGER,
    "testType" TEXT,
    "options" JSONB NOT NULL,
    "payload" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Cta_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Cta_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaVariant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ctaId" INTEGER NOT NULL,
    "variation" TEXT NOT NULL,
    "percentage" INTEGER NOT NULL DEFAULT 100,
    "winner" BOOLEAN NOT NULL DEFAULT false,
    "score" INTEGER,
    "scoreField" TEXT,
    "options" JSONB NOT NULL,
    "twoTapPopup" JSONB,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "CtaVariant_ctaId_fkey" FOREIGN KEY ("ctaId") REFERENCES "Cta" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaStep" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "variantId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    CONSTRAINT "CtaStep_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "CtaVariant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaSection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "stepId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    CONSTRAINT "CtaSection_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "CtaStep" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaColumn" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sectionId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    CONSTRAINT "CtaColumn_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "CtaSection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaElement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "columnId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "elementType" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "productRecommendations" JSONB,
    "contentToggleItems" JSONB,
    CONSTRAINT "CtaElement_columnId_fkey" FOREIGN KEY ("columnId") REFERENCES "CtaColumn" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaField" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "elementId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "slug" TEXT NOT NULL,
    "fieldType" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "multiSelect" BOOLEAN NOT NULL DEFAULT false,
    "value" TEXT,
    "urlParams" BOOLEAN NOT NULL DEFAULT false,
    "parameter" TEXT,
    "options" JSONB NOT NULL,
    "fieldOptions" JSONB NOT NULL,
    CONSTRAINT "CtaField_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CtaField_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "CtaField" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActionGroup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "stepId" INTEGER,
    "elementId" INTEGER,
    "fieldId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "data" JSONB NOT NULL,
    CONSTRAINT "ActionGroup_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "CtaStep" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ActionGroup_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ActionGroup_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CtaField" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Action" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "actionType" TEXT NOT NULL,
    "tagId" TEXT,
    "contactableType" TEXT NOT NULL,
    "elementId" INTEGER,
    "broadcastId" INTEGER,
    "actionGroupId" INTEGER,
    "ctaId" INTEGER,
    "integrationId" INTEGER,
    "data" JSONB NOT NULL,
    CONSTRAINT "Action_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Action_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Action_actionGroupId_fkey" FOREIGN KEY ("actionGroupId") REFERENCES "ActionGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Action_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Broadcast" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "quick" BOOLEAN NOT NULL DEFAULT false,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "timeframe" BOOLEAN NOT NULL DEFAULT false,
    "rangeStart" DATETIME,
    "rangeEnd" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Broadcast_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Condition" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "broadcastId" INTEGER,
    "actionGroupId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "conditionType" TEXT NOT NULL,
    "operator" TEXT NOT NULL DEFAULT 'and',
    "url" TEXT,
    "tagId" TEXT,
    "keyword" TEXT,
    "count" INTEGER,
    "dataName" TEXT,
    "areaId" TEXT,
    "ctaId" INTEGER,
    "conditionCta" TEXT,
    "country" TEXT,
    "data" JSONB NOT NULL,
    CONSTRAINT "Condition_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Condition_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Condition_actionGroupId_fkey" FOREIGN KEY ("actionGroupId") REFERENCES "ActionGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Integration" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "integrationType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "actionTypes" JSONB NOT NULL,
    "syncSettings" JSONB NOT NULL,
    "credentials" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Integration_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SyncJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "operation" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SyncJob_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SyncJob_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SyncJob_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MailingList" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "listId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MailingList_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MailingList_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MailingListMembership" (
    "listId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "subscribedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribedAt" DATETIME,

    PRIMARY KEY ("listId", "personId"),
    CONSTRAINT "MailingListMembership_listId_fkey" FOREIGN KEY ("listId") REFERENCES "MailingList" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MailingListMembership_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Person" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "visitorToken" TEXT NOT NULL,
    "personType" TEXT NOT NULL DEFAULT 'Visitor',
    "landingPage" TEXT,
    "platform" TEXT NOT NULL DEFAULT 'Web',
    "referralSource" TEXT,
    "lastRequested" DATETIME,
    "email" TEXT,
    "phone" TEXT,
    "name" TEXT,
    "lastName" TEXT,
    "companyName" TEXT,
    "companyTitle" TEXT,
    "website" TEXT,
    "city" TEXT,
    "state" TEXT,
    "country" TEXT,
    "zipCode" TEXT,
    "address" TEXT,
    "leadValue" REAL,
    "extra" JSONB NOT NULL,
    "utmSource" TEXT,
    "utmMedium" TEXT,
    "utmCampaign" TEXT,
    "utmTerm" TEXT,
    "utmContent" TEXT,
    "privacyConsent" BOOLEAN,
    "marketingConsent" BOOLEAN,
    "smsConsent" BOOLEAN,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "contactSince" DATETIME,
    CONSTRAINT "Person_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackedEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "personId" INTEGER,
    "visitorToken" TEXT NOT NULL,
    "ctaId" INTEGER,
    "variantId" INTEGER,
    "stepId" INTEGER,
    "elementId" INTEGER,
    "broadcastId" INTEGER,
    "url" TEXT,
    "revenue" REAL,
    "integrationType" TEXT,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrackedEvent_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TrackedEvent_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactSubmission" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "personId" INTEGER NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "contactableType" TEXT,
    "contactableId" INTEGER,
    "ctaId" INTEGER,
    "variantId" INTEGER,
    "stepId" INTEGER,
    "elementId" INTEGER,
    "broadcastId" INTEGER,
    "sourceUrl" TEXT,
    "payload" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContactSubmission_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContactSubmission_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Order" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "revenue" REAL NOT NULL,
    "ctaId" INTEGER,
    "variantId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Order_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "OwnerAccount_email_key" ON "OwnerAccount"("email");

-- CreateIndex
CREATE UNIQUE INDEX "OwnerAccount_profileId_key" ON "OwnerAccount"("profileId");

-- CreateIndex
CREATE INDEX "OwnerSession_accountId_idx" ON "OwnerSession"("accountId");

-- CreateIndex
CREATE INDEX "WebsiteMembership_websiteId_idx" ON "WebsiteMembership"("websiteId");

-- CreateIndex
CREATE UNIQUE INDEX "Website_shopDomain_key" ON "Website"("shopDomain");

-- CreateIndex
CREATE INDEX "Cta_websiteId_status_idx" ON "Cta"("websiteId", "status");

-- CreateIndex
CREATE INDEX "CtaVariant_ctaId_idx" ON "CtaVariant"("ctaId");

-- CreateIndex
CREATE INDEX "CtaStep_variantId_idx" ON "CtaStep"("variantId");

-- CreateIndex
CREATE INDEX "CtaSection_stepId_idx" ON "CtaSection"("stepId");

-- CreateIndex
CREATE INDEX "CtaColumn_sectionId_idx" ON "CtaColumn"("sectionId");

-- CreateIndex
CREATE INDEX "CtaElement_columnId_idx" ON "CtaElement"("columnId");

-- CreateIndex
CREATE INDEX "CtaField_elementId_idx" ON "CtaField"("elementId");

-- CreateIndex
CREATE INDEX "ActionGroup_stepId_idx" ON "ActionGroup"("stepId");

-- CreateIndex
CREATE INDEX "ActionGroup_elementId_idx" ON "ActionGroup"("elementId");

-- CreateIndex
CREATE INDEX "ActionGroup_fieldId_idx" ON "ActionGroup"("fieldId");

-- CreateIndex
CREATE INDEX "Action_elementId_idx" ON "Action"("elementId");

-- CreateIndex
CREATE INDEX "Action_broadcastId_idx" ON "Action"("broadcastId");

-- CreateIndex
CREATE INDEX "Action_actionGroupId_idx" ON "Action"("actionGroupId");

-- CreateIndex
CREATE INDEX "Broadcast_websiteId_idx" ON "Broadcast"("websiteId");

-- CreateIndex
CREATE INDEX "Condition_websiteId_idx" ON "Condition"("websiteId");

-- CreateIndex
CREATE INDEX "Condition_broadcastId_idx" ON "Condition"("broadcastId");

-- CreateIndex
CREATE INDEX "Condition_actionGroupId_idx" ON "Condition"("actionGroupId");

-- CreateIndex
CREATE INDEX "Integration_websiteId_idx" ON "Integration"("websiteId");

-- CreateIndex
CREATE INDEX "SyncJob_status_nextAttemptAt_idx" ON "SyncJob"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SyncJob_personId_idx" ON "SyncJob"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "SyncJob_integrationId_idempotencyKey_key" ON "SyncJob"("integrationId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "MailingList_websiteId_idx" ON "MailingList"("websiteId");

-- CreateIndex
CREATE UNIQUE INDEX "MailingList_integrationId_listId_key" ON "MailingList"("integrationId", "listId");

-- CreateIndex
CREATE INDEX "MailingListMembership_personId_idx" ON "MailingListMembership"("personId");

-- CreateIndex
CREATE INDEX "Person_websiteId_personType_contactSince_idx" ON "Person"("websiteId", "personType", "contactSince");

-- CreateIndex
CREATE INDEX "Person_websiteId_email_idx" ON "Person"("websiteId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Person_websiteId_visitorToken_key" ON "Person"("websiteId", "visitorToken");

-- CreateIndex
CREATE INDEX "TrackedEvent_websiteId_ctaId_createdAt_idx" ON "TrackedEvent"("websiteId", "ctaId", "createdAt");

-- CreateIndex
CREATE INDEX "TrackedEvent_personId_idx" ON "TrackedEvent"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "TrackedEvent_websiteId_clientId_key" ON "TrackedEvent"("websiteId", "clientId");

-- CreateIndex
CREATE INDEX "ContactSubmission_websiteId_createdAt_idx" ON "ContactSubmission"("websiteId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactSubmission_personId_idx" ON "ContactSubmission"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "ContactSubmission_websiteId_clientId_key" ON "ContactSubmission"("websiteId", "clientId");

-- CreateIndex
CREATE INDEX "Order_personId_idx" ON "Order"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_websiteId_orderId_key" ON "Order"("websiteId", "orderId");

