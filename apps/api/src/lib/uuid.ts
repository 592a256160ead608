const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a request can be a row id (a uuid column refuses anything else with an error). */
export const isUuid = (id: string) => UUID.test(id);
