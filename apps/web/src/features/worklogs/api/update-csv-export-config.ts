import {
  type CsvExportConfig,
  type WorklogProjectList,
  worklogProjectSchema,
} from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export interface UpdateCsvExportConfigVariables {
  projectId: string;
  config: CsvExportConfig;
}

export function updateCsvExportConfig({ projectId, config }: UpdateCsvExportConfigVariables) {
  return apiRequest(`/api/v1/worklogs/projects/${projectId}/csv-export-config`, {
    method: 'PUT',
    body: config,
    schema: worklogProjectSchema,
  });
}

/** The saved project (its configuration completed by the server) replaces the cached one. */
export function useUpdateCsvExportConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCsvExportConfig,
    meta: { errorMessage: 'Could not save the export settings' },
    onSuccess: (saved) =>
      queryClient.setQueriesData<WorklogProjectList>(
        { queryKey: worklogKeys.projectLists() },
        (list) =>
          list && {
            ...list,
            items: list.items.map((project) => (project.id === saved.id ? saved : project)),
          },
      ),
  });
}
