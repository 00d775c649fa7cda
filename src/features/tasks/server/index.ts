/**
 * The tasks feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { reopenTasksOfUnpaidOrders } from '~/features/tasks/server/task-reopen';
export { acceptOffer, closeTask, getTaskDetail, listMyTasks, listOfferableListings, listTaskHall, makeOffer, publishTask } from '~/features/tasks/server/wanted-tasks';
