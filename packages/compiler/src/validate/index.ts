export { type AppIssue, componentNameOf, DETECTORS, type DetectorId } from "./app-issue.ts";
export { type DetectInput, type DetectResult, detectAppIssues } from "./detect-app-issues.ts";
export { type ModuleFacts, parseAppModule } from "./parse-app-module.ts";
export { type RepairResult, repairAppIssues } from "./repair-app-issues.ts";
export { ENTITY_METHODS, USER_METHODS } from "./sdk-methods.ts";
