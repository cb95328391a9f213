-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OwnerProfile" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "avatar" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OwnerProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OwnerAccount" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "profileId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "OwnerAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OwnerSession" (
    "id" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "csrfToken" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OwnerSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebsiteMembership" (
    "profileId" INTEGER NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebsiteMembership_pkey" PRIMARY KEY ("profileId","websiteId")
);

-- CreateTable
CREATE TABLE "Website" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Website_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cta" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "ctaType" TEXT NOT NULL,
    "inlineType" TEXT,
    "overlayType" TEXT,
    "hookType" TEXT,
    "barPosition" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "publishedAt" TIMESTAMP(3),
    "broadcastId" INTEGER,
    "testType" TEXT,
    "options" JSONB NOT NULL,
    "payload" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaVariant" (
    "id" SERIAL NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variation" TEXT NOT NULL,
    "percentage" INTEGER NOT NULL DEFAULT 100,
    "winner" BOOLEAN NOT NULL DEFAULT false,
    "score" INTEGER,
    "scoreField" TEXT,
    "options" JSONB NOT NULL,
    "twoTapPopup" JSONB,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CtaVariant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaStep" (
    "id" SERIAL NOT NULL,
    "variantId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,

    CONSTRAINT "CtaStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaSection" (
    "id" SERIAL NOT NULL,
    "stepId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,

    CONSTRAINT "CtaSection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaColumn" (
    "id" SERIAL NOT NULL,
    "sectionId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "options" JSONB NOT NULL,

    CONSTRAINT "CtaColumn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaElement" (
    "id" SERIAL NOT NULL,
    "columnId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "elementType" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "productRecommendations" JSONB,
    "contentToggleItems" JSONB,

    CONSTRAINT "CtaElement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CtaField" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "CtaField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActionGroup" (
    "id" SERIAL NOT NULL,
    "stepId" INTEGER,
    "elementId" INTEGER,
    "fieldId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "data" JSONB NOT NULL,

    CONSTRAINT "ActionGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Action" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "Action_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Broadcast" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "quick" BOOLEAN NOT NULL DEFAULT false,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "timeframe" BOOLEAN NOT NULL DEFAULT false,
    "rangeStart" TIMESTAMP(3),
    "rangeEnd" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Broadcast_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Condition" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "Condition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Integration" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "integrationType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "actionTypes" JSONB NOT NULL,
    "syncSettings" JSONB NOT NULL,
    "credentials" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Integration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncJob" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "operation" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SyncJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingList" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "listId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailingList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingListMembership" (
    "listId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "subscribedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribedAt" TIMESTAMP(3),

    CONSTRAINT "MailingListMembership_pkey" PRIMARY KEY ("listId","personId")
);

-- CreateTable
CREATE TABLE "Person" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "visitorToken" TEXT NOT NULL,
    "personType" TEXT NOT NULL DEFAULT 'Visitor',
    "landingPage" TEXT,
    "platform" TEXT NOT NULL DEFAULT 'Web',
    "referralSource" TEXT,
    "lastRequested" TIMESTAMP(3),
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
    "leadValue" DOUBLE PRECISION,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "contactSince" TIMESTAMP(3),

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackedEvent" (
    "id" SERIAL NOT NULL,
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
    "revenue" DOUBLE PRECISION,
    "integrationType" TEXT,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackedEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactSubmission" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "revenue" DOUBLE PRECISION NOT NULL,
    "ctaId" INTEGER,
    "variantId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "OwnerAccount" ADD CONSTRAINT "OwnerAccount_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OwnerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OwnerSession" ADD CONSTRAINT "OwnerSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "OwnerAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebsiteMembership" ADD CONSTRAINT "WebsiteMembership_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "OwnerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebsiteMembership" ADD CONSTRAINT "WebsiteMembership_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cta" ADD CONSTRAINT "Cta_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cta" ADD CONSTRAINT "Cta_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaVariant" ADD CONSTRAINT "CtaVariant_ctaId_fkey" FOREIGN KEY ("ctaId") REFERENCES "Cta"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaStep" ADD CONSTRAINT "CtaStep_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "CtaVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaSection" ADD CONSTRAINT "CtaSection_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "CtaStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaColumn" ADD CONSTRAINT "CtaColumn_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "CtaSection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaElement" ADD CONSTRAINT "CtaElement_columnId_fkey" FOREIGN KEY ("columnId") REFERENCES "CtaColumn"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaField" ADD CONSTRAINT "CtaField_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaField" ADD CONSTRAINT "CtaField_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "CtaField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionGroup" ADD CONSTRAINT "ActionGroup_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "CtaStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionGroup" ADD CONSTRAINT "ActionGroup_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActionGroup" ADD CONSTRAINT "ActionGroup_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CtaField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_elementId_fkey" FOREIGN KEY ("elementId") REFERENCES "CtaElement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_actionGroupId_fkey" FOREIGN KEY ("actionGroupId") REFERENCES "ActionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Broadcast" ADD CONSTRAINT "Broadcast_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Condition" ADD CONSTRAINT "Condition_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Condition" ADD CONSTRAINT "Condition_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Condition" ADD CONSTRAINT "Condition_actionGroupId_fkey" FOREIGN KEY ("actionGroupId") REFERENCES "ActionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Integration" ADD CONSTRAINT "Integration_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncJob" ADD CONSTRAINT "SyncJob_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncJob" ADD CONSTRAINT "SyncJob_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncJob" ADD CONSTRAINT "SyncJob_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingList" ADD CONSTRAINT "MailingList_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingList" ADD CONSTRAINT "MailingList_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingListMembership" ADD CONSTRAINT "MailingListMembership_listId_fkey" FOREIGN KEY ("listId") REFERENCES "MailingList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingListMembership" ADD CONSTRAINT "MailingListMembership_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackedEvent" ADD CONSTRAINT "TrackedEvent_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackedEvent" ADD CONSTRAINT "TrackedEvent_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactSubmission" ADD CONSTRAINT "ContactSubmission_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactSubmission" ADD CONSTRAINT "ContactSubmission_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

