import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/enrollments';
import { registerTxCall } from '../../lib/register-call';
import * as admin from './service-admin';
import * as contracts from './service-contract-templates';
import * as privacy from './service-privacy';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listEnrollments, ({ ctx, query }) => admin.listEnrollmentPage(ctx, query));
  registerTxCall(app, contract.createEnrollment, ({ ctx, body }) => admin.createEnrollment(ctx, body));
  registerTxCall(app, contract.getEnrollment, ({ ctx, params }) => admin.getEnrollmentDetail(ctx, params.id));
  registerTxCall(app, contract.updateEnrollment, ({ ctx, params, body }) => admin.updateEnrollment(ctx, params.id, body));
  registerTxCall(app, contract.deleteEnrollment, ({ ctx, params }) => admin.removeEnrollment(ctx, params.id));
  registerTxCall(app, contract.setEnrollmentOrgStatus, ({ ctx, params, body }) => admin.changeOrgStatus(ctx, params.id, body));
  registerTxCall(app, contract.archiveEnrollment, ({ ctx, params }) => admin.archive(ctx, params.id));
  registerTxCall(app, contract.unarchiveEnrollment, ({ ctx, params }) => admin.unarchive(ctx, params.id));
  registerTxCall(app, contract.listContractTemplates, ({ ctx, query }) => contracts.listContractTemplates(ctx, query));
  registerTxCall(app, contract.createContractTemplate, ({ ctx, body }) => contracts.createContractTemplate(ctx, body));
  registerTxCall(app, contract.updateContractTemplate, ({ ctx, params, body }) => contracts.updateContractTemplate(ctx, params.id, body));
  registerTxCall(app, contract.deleteContractTemplate, ({ ctx, params }) => contracts.deleteContractTemplate(ctx, params.id));
  registerTxCall(app, contract.listPrivacyRoleTemplates, ({ ctx, query }) => privacy.listPrivacyRoleTemplates(ctx, query));
  registerTxCall(app, contract.createPrivacyRoleTemplate, ({ ctx, body }) => privacy.createPrivacyRoleTemplate(ctx, body));
  registerTxCall(app, contract.getPrivacyRoleTemplate, ({ ctx, params }) => privacy.getPrivacyRoleTemplate(ctx, params.id));
  registerTxCall(app, contract.updatePrivacyRoleTemplate, ({ ctx, params, body }) =>
    privacy.updatePrivacyRoleTemplate(ctx, params.id, body),
  );
  registerTxCall(app, contract.deletePrivacyRoleTemplate, ({ ctx, params }) => privacy.deletePrivacyRoleTemplate(ctx, params.id));
}

export { UNIQUE_CONSTRAINTS } from './present';
