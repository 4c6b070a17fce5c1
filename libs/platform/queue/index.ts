export { BullmqJobQueue } from './bullmq.job-queue.js';
export { PostgresJobQueue } from './postgres.job-queue.js';
export {
  JOB_QUEUE,
  JOB_STATES,
  type EnqueueOptions,
  type Job,
  type JobCounts,
  type JobFilter,
  type JobHandler,
  type JobQueue,
  type JobRetries,
  type JobState,
  type JobSummary,
} from './job-queue.js';
export { QUEUE_NAMES, isQueueName, queueSpecs, type QueueName, type QueueOverrides, type QueueSpec } from './queues.js';
export { JobTimeoutError } from './run-job.js';
export { ShopJob, type ShopJobProcessor, type ShopJobType } from './shop-job.js';
export { ShopJobs, eachShopJobName } from './shop-jobs.js';
export { QueueModule, createJobQueue, type JobDatabase, type QueueModuleOptions } from './queue.module.js';
