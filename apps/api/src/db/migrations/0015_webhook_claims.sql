-- Each claim on a webhook message carries a token: a process writes the outcome of a send only while the claim is
-- still its own, so a claim that ran out and was taken by another process is never completed twice.
ALTER TABLE "webhook_messages" ADD COLUMN "claim_token" uuid;
