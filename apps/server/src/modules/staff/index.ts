export { createStaffRepository, type StaffRow } from './repository.ts';
export { staffRoutes } from './routes.ts';
export { createStaffService } from './service.ts';
