import type { ClientUpdated, CompanyAdminView } from '@sufel/contract';
import type { AppConfig } from '../config.js';
import { createServices } from '../services.js';
import { openStorage } from '../storage.js';
import type { SufelClient } from './sufel-client.js';

/** What the operator does to issuers, against the local database or a running server. */
export interface OperatorAdmin {
  create(ruc: string, nombre: string, password: string): Promise<void>;
  list(): Promise<CompanyAdminView[]>;
  update(
    ruc: string,
    patch: { habilitado?: boolean; password?: string; nombre?: string },
  ): Promise<void>;
  /** Sets a receiver account's password (ends its sessions, tells its confirmed addresses). */
  setReceiverPassword(receiverRuc: string, password: string): Promise<void>;
  /** Verifies a receiver's RUC: it sees every issuer; see ReceiverAccessService.verifyReceiver. */
  verifyReceiver(receiverRuc: string): Promise<ClientUpdated>;
  close(): Promise<void>;
}

export async function localOperatorAdmin(config: Readonly<AppConfig>): Promise<OperatorAdmin> {
  const storage = await openStorage(config);
  const { admin, receiver, receiverAccess, sharedCounters } = createServices({
    config,
    db: storage.database.db,
    fileStore: storage.files,
    jwtSecret: storage.jwtSecret,
  });
  return {
    create: (ruc, nombre, password) => admin.createIssuer(ruc, nombre, password),
    list: () => admin.listIssuers(),
    update: (ruc, patch) => admin.updateIssuer(ruc, patch),
    async setReceiverPassword(receiverRuc, password) {
      await receiver.setNewPassword(receiverRuc, password, 'operator');
    },
    verifyReceiver: (receiverRuc) =>
      receiverAccess.operatorUpdate(receiverRuc, { verificado: true }),
    async close() {
      await sharedCounters?.close();
      await storage.close();
    },
  };
}

export function remoteOperatorAdmin(client: SufelClient, adminToken: string): OperatorAdmin {
  return {
    async create(ruc, nombre, password) {
      await client.createIssuer(adminToken, { ruc, nombre, password });
    },
    list: () => client.listIssuers(adminToken),
    async update(ruc, patch) {
      await client.updateIssuer(adminToken, ruc, patch);
    },
    async setReceiverPassword(receiverRuc, password) {
      await client.setReceiverPassword(adminToken, receiverRuc, password);
    },
    verifyReceiver: (receiverRuc) => client.verifyReceiver(adminToken, receiverRuc),
    close: () => Promise.resolve(),
  };
}
