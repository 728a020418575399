import type { WorklogCategory, WorklogProject } from '@cairn/contracts/worklogs';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { worklogCategoriesQueryOptions } from '../api/get-worklog-categories';
import { worklogProjectsQueryOptions } from '../api/get-worklog-projects';
import { formatMultiplier } from '../utils/manage-fields';

export interface WorklogLookups {
  /** Every project, ended ones too, by name. */
  projects: readonly WorklogProject[];
  /** The projects a new entry may take: not ended. */
  activeProjects: readonly WorklogProject[];
  categories: readonly WorklogCategory[];
  projectById: ReadonlyMap<string, WorklogProject>;
  categoryById: ReadonlyMap<string, WorklogCategory>;
  /** Distinct client names, for the filter. */
  clients: readonly string[];
}

const byName = (first: { name: string }, second: { name: string }) =>
  first.name.localeCompare(second.name, undefined, { sensitivity: 'base' });

/** Projects and categories, read once for every picker, label and filter of the area. */
export function useWorklogLookups() {
  const projects = useQuery(worklogProjectsQueryOptions());
  const categories = useQuery(worklogCategoriesQueryOptions());
  const lookups = useMemo((): WorklogLookups | undefined => {
    if (!projects.data || !categories.data) return undefined;
    const sortedProjects = [...projects.data.items].sort(byName);
    const sortedCategories = [...categories.data.items].sort(byName);
    const clients = [
      ...new Set(sortedProjects.flatMap((project) => (project.client ? [project.client] : []))),
    ];
    return {
      projects: sortedProjects,
      activeProjects: sortedProjects.filter((project) => project.endedAt === null),
      categories: sortedCategories,
      projectById: new Map(sortedProjects.map((project) => [project.id, project])),
      categoryById: new Map(sortedCategories.map((category) => [category.id, category])),
      clients: clients.sort((first, second) => first.localeCompare(second)),
    };
  }, [projects.data, categories.data]);
  return {
    lookups,
    isPending: projects.isPending || categories.isPending,
    isError: (projects.isError && !projects.data) || (categories.isError && !categories.data),
    refetch: () => {
      void projects.refetch();
      void categories.refetch();
    },
  };
}

/** "Development ×1.15": a category with its breaks multiplier when it adds any. */
export function categoryLabel(category: WorklogCategory): string {
  const multiplier = formatMultiplier(category.breaksMultiplier);
  return multiplier === '1' ? category.name : `${category.name} ×${multiplier}`;
}

/** "Website (Acme)". */
export function projectLabel(project: WorklogProject): string {
  return project.client ? `${project.name} (${project.client})` : project.name;
}
