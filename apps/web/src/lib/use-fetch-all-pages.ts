import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Screens that show a whole collection at once (board, grid) keep following the cursor to the end. */
export function useFetchAllPages(
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isError' | 'fetchNextPage'>,
) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
}
