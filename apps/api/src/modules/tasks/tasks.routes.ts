import { idParamsSchema } from '@cairn/contracts/common';
import {
  bulkTasksBodySchema,
  bulkTasksResponseSchema,
  completeTaskBodySchema,
  completeTaskResponseSchema,
  createTaskBodySchema,
  emptyTrashResponseSchema,
  listTaskGroupsQuerySchema,
  listTasksQuerySchema,
  moveTaskBodySchema,
  reparentTaskBodySchema,
  smartViewCountsSchema,
  type Task,
  taskDetailSchema,
  taskForestSchema,
  taskGroupsSchema,
  taskPageSchema,
  taskSchema,
  taskTreeNodeSchema,
  updateTaskBodySchema,
} from '@cairn/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { bulkUpdateTasks } from './task-bulk.service';
import { findTaskGroups } from './task-groups.service';
import * as lifecycle from './task-lifecycle.service';
import { countSmartViews, findTasks } from './task-listing.service';
import { moveTask, reparentTask } from './task-placement.service';
import * as trees from './task-trees.service';
import { getTaskDetail } from './tasks.service';

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tasks'];
  const scope = (request: { auth: { userId: string }; params: { id: string } }) => ({
    userId: request.auth.userId,
    taskId: request.params.id,
  });

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks matching filters, a page at a time',
        querystring: listTasksQuerySchema,
        response: { 200: taskPageSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      findTasks(app.ctx, {
        userId: request.auth.userId,
        query: request.query,
        requestTimeZone: request.requestTimeZone,
      }),
  );

  app.get(
    '/tasks/groups',
    {
      schema: {
        tags,
        summary: "Each column's (or urgency × importance cell's) first page of tasks and its total",
        querystring: listTaskGroupsQuerySchema,
        response: { 200: taskGroupsSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      findTaskGroups(app.ctx, {
        userId: request.auth.userId,
        query: request.query,
        requestTimeZone: request.requestTimeZone,
      }),
  );

  app.post(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task (at the end of its column)',
        body: createTaskBodySchema,
        response: { 201: taskSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await lifecycle.createTask(app.ctx, {
          userId: request.auth.userId,
          body: request.body,
          requestTimeZone: request.requestTimeZone,
        }),
      ),
  );

  app.get(
    '/smart-views',
    {
      schema: {
        tags,
        summary: 'Open and completed counts of every smart view',
        response: { 200: smartViewCountsSchema, ...errorResponses(401) },
      },
    },
    (request) =>
      countSmartViews(app.ctx, {
        userId: request.auth.userId,
        requestTimeZone: request.requestTimeZone,
      }),
  );

  app.post(
    '/tasks/bulk',
    {
      schema: {
        tags,
        summary: 'One action on many tasks, in one transaction (needs batch editing turned on)',
        body: bulkTasksBodySchema,
        response: { 200: bulkTasksResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) =>
      bulkUpdateTasks(app.ctx, {
        userId: request.auth.userId,
        body: request.body,
        requestTimeZone: request.requestTimeZone,
      }),
  );

  app.delete(
    '/tasks/trash',
    {
      schema: {
        tags,
        summary: 'Empty the trash',
        response: { 200: emptyTrashResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ purged: await lifecycle.emptyTrash(app.ctx, { userId: request.auth.userId }) }),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'A task with its subtasks, breadcrumbs and checklist',
        params: idParamsSchema,
        response: { 200: taskDetailSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => getTaskDetail(app.ctx, scope(request)),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Change part of a task',
        params: idParamsSchema,
        body: updateTaskBodySchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) =>
      lifecycle.updateTask(app.ctx, {
        ...scope(request),
        changes: request.body,
        requestTimeZone: request.requestTimeZone,
      }),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Move a task and its subtasks to the trash',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await lifecycle.trashTask(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/tasks/:id/permanent',
    {
      schema: {
        tags,
        summary: 'Delete a task in the trash for good, with its subtasks',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await lifecycle.purgeTask(app.ctx, scope(request));
      return reply.status(204).send(null);
    },
  );

  const action = (
    path: string,
    summary: string,
    run: (taskScope: { userId: string; taskId: string }) => Promise<Task>,
  ) =>
    app.post(
      `/tasks/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          response: { 200: taskSchema, ...errorResponses(401, 404, 409) },
        },
      },
      (request) => run(scope(request)),
    );

  action('uncomplete', 'Reopen a task', (taskScope) => lifecycle.uncompleteTask(app.ctx, taskScope));
  action('archive', 'Archive a task', (taskScope) => lifecycle.archiveTask(app.ctx, taskScope));
  action('unarchive', 'Bring a task back from the archive', (taskScope) =>
    lifecycle.unarchiveTask(app.ctx, taskScope),
  );
  action('restore', 'Bring a task and its subtasks back from the trash', (taskScope) =>
    lifecycle.restoreTask(app.ctx, taskScope),
  );

  app.post(
    '/tasks/:id/complete',
    {
      schema: {
        tags,
        summary:
          'Complete a task; with open subtasks, withChildren must be set. A recurring one answers its next occurrence',
        params: idParamsSchema,
        body: completeTaskBodySchema,
        response: { 200: completeTaskResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) =>
      lifecycle.completeTask(app.ctx, {
        ...scope(request),
        withChildren: request.body?.withChildren ?? false,
      }),
  );

  app.post(
    '/tasks/:id/skip',
    {
      schema: {
        tags,
        summary: 'Skip this occurrence of a recurring task: it is archived and the next one is created',
        params: idParamsSchema,
        response: { 200: completeTaskResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    (request) => lifecycle.skipTask(app.ctx, scope(request)),
  );

  app.post(
    '/tasks/:id/move',
    {
      schema: {
        tags,
        summary: 'Drop a task into a column at a position (drag and drop)',
        params: idParamsSchema,
        body: moveTaskBodySchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => moveTask(app.ctx, { ...scope(request), body: request.body }),
  );

  app.post(
    '/tasks/:id/reparent',
    {
      schema: {
        tags,
        summary: 'Place a task under another (or at the top level) at a position among its siblings',
        params: idParamsSchema,
        body: reparentTaskBodySchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => {
      const { parentId, ...placement } = request.body;
      return reparentTask(app.ctx, { ...scope(request), parentId, placement });
    },
  );

  app.post(
    '/tasks/:id/duplicate',
    {
      schema: {
        tags,
        summary: 'Copy a task with its checklist and subtasks, right after the original',
        params: idParamsSchema,
        response: { 201: taskSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await trees.duplicateTask(app.ctx, scope(request))),
  );

  app.get(
    '/tasks/:id/tree',
    {
      schema: {
        tags,
        summary: 'A task and its subtasks, nested',
        params: idParamsSchema,
        response: { 200: taskTreeNodeSchema, ...errorResponses(401, 404, 409) },
      },
    },
    (request) => trees.getTaskTree(app.ctx, scope(request)),
  );

  app.get(
    '/lists/:id/tree',
    {
      schema: {
        tags: ['lists'],
        summary: "A list's top-level tasks with their subtasks, nested",
        params: idParamsSchema,
        response: { 200: taskForestSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      items: await trees.getListTree(app.ctx, { userId: request.auth.userId, listId: request.params.id }),
    }),
  );
};
