import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  cardRefunds,
  clientGeeks,
  geeks,
  ledgerEntries,
  ledgerTransactions,
  loginTokens,
  orderFiles,
  orderMessages,
  orders,
  payments,
  phoneVerifications,
  subscriptions,
  userDevices,
} from '../../db/schema.ts';

// Decision 058: everything one account's export reads, one query per table (never one per task or message).

export async function exportOrders(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.number));
}

export async function exportMessages(db: Db, userId: string) {
  return db
    .select({
      id: orderMessages.id,
      orderId: orderMessages.orderId,
      senderRole: orderMessages.senderRole,
      message: orderMessages.message,
      files: orderMessages.files,
      geekName: geeks.publicFullName,
      createdAt: orderMessages.createdAt,
    })
    .from(orderMessages)
    .innerJoin(orders, eq(orders.id, orderMessages.orderId))
    .leftJoin(geeks, eq(geeks.id, orderMessages.geekId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
}

export async function exportOrderFiles(db: Db, userId: string) {
  return db
    .select({ file: orderFiles })
    .from(orderFiles)
    .innerJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(and(eq(orders.userId, userId), eq(orderFiles.deleted, false)))
    .orderBy(asc(orderFiles.createdAt))
    .then((rows) => rows.map((r) => r.file));
}

export async function exportPayments(db: Db, userId: string) {
  return db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      orderNumber: orders.number,
      amountCents: payments.amountCents,
      balanceUseCents: payments.balanceUseCents,
      gateway: payments.gateway,
      status: payments.status,
      outcome: payments.outcome,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));
}

export async function exportBalanceEntries(db: Db, userId: string) {
  return db
    .select({
      amountCents: ledgerEntries.amountCents,
      kind: ledgerTransactions.kind,
      orderNumber: orders.number,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .where(and(eq(ledgerEntries.accountType, 'user'), eq(ledgerEntries.accountId, userId)))
    .orderBy(asc(ledgerEntries.seq));
}

export async function exportCardRefunds(db: Db, userId: string) {
  return db
    .select({
      orderNumber: orders.number,
      amountCents: cardRefunds.amountCents,
      status: cardRefunds.status,
      createdAt: cardRefunds.createdAt,
      doneAt: cardRefunds.doneAt,
    })
    .from(cardRefunds)
    .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
    .innerJoin(orders, eq(orders.id, cardRefunds.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(cardRefunds.createdAt));
}

export async function exportSubscriptions(db: Db, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

export async function exportDevices(db: Db, userId: string) {
  return db
    .select({ firstSeenAt: userDevices.firstSeenAt, lastSeenAt: userDevices.lastSeenAt })
    .from(userDevices)
    .where(eq(userDevices.userId, userId))
    .orderBy(asc(userDevices.firstSeenAt));
}

/** The one-time log-in links issued to the account (what the database keeps of its log-ins). */
export async function exportLogIns(db: Db, userId: string) {
  return db
    .select({
      createdAt: loginTokens.createdAt,
      expiresAt: loginTokens.expiresAt,
      usedAt: loginTokens.usedAt,
      redirectPath: loginTokens.redirectPath,
    })
    .from(loginTokens)
    .where(eq(loginTokens.userId, userId))
    .orderBy(asc(loginTokens.createdAt));
}

export async function exportPhoneChecks(db: Db, userId: string) {
  return db
    .select({
      phone: phoneVerifications.phone,
      createdAt: phoneVerifications.createdAt,
      verifiedAt: phoneVerifications.verifiedAt,
      releasedAt: phoneVerifications.releasedAt,
    })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(asc(phoneVerifications.createdAt));
}

export async function exportGeekMarks(db: Db, userId: string) {
  return db
    .select({ geek: geeks.publicFullName, faved: clientGeeks.faved, blocked: clientGeeks.blocked })
    .from(clientGeeks)
    .innerJoin(geeks, eq(geeks.id, clientGeeks.geekId))
    .where(eq(clientGeeks.userId, userId));
}
