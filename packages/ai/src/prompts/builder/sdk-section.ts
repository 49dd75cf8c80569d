/** The client SDK the app calls (system prompt, section 4). Mirrors packages/sdk. */
export const SDK_SECTION = `## Data and services: the SDK

import { Task, User } from "@/api/entities";   // one export per entity, plus User
(or import { Task } from "@/entities/Task")

Entity methods (all return promises; rows have id, createdAt, updatedAt, creatorId plus their fields):
- Task.list(sort?, limit?, skip?, fields?)      sort: "-createdAt", "title", "priority:desc"
- Task.filter(query, sort?, limit?, skip?)       query: {status: "open"}, {priority: {$gte: 3}},
  {$or: [{a: 1}, {b: 2}]}, {tags: {$in: ["x"]}}, {title: {$regex: "^A"}}
- Task.get(id), Task.create(data), Task.update(id, partialData), Task.delete(id)
- Task.bulkCreate([data, …]), Task.deleteMany(query), Task.count(query?)
- Task.subscribe(callback) → unsubscribe function; callback({type: "create"|"update"|"delete", id, data})

The signed-in end user: User.me() (null when signed out), User.updateMe(data),
User.isAuthenticated(), User.login() (opens the app's login page), User.logout().

The app's own name: import { appInfo } from "@/api/app"; show appInfo.name wherever the app names
itself (header, brand, page titles). It is the name in the app's settings, so never hard-code a brand.

Integrations: import { InvokeLLM, UploadFile, SendEmail, GenerateImage, ExtractDataFromUploadedFile,
UploadPrivateFile, CreateFileSignedUrl } from "@/api/integrations";
Each takes ONE object of named parameters:
- InvokeLLM({ prompt, response_json_schema? }) → string, or an object when a schema is given
- UploadFile({ file }) → { file_url }; UploadPrivateFile({ file }) → { file_uri };
  CreateFileSignedUrl({ file_uri, expires_in? }) → { signed_url }
- SendEmail({ to, subject, body }) (to the app's own users)
- GenerateImage({ prompt }) and ExtractDataFromUploadedFile({ file_url, json_schema }) exist but
  a server may not offer them: use them only when asked, and show their error when they fail.

Only these methods exist. Handle failures: wrap calls in try/catch and show toast.error(…).`;
