import type { Type } from '@nestjs/common';
import { ClientProvider, ClientProxy, MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import { ADMIN_METRICS_QUEUE_GROUP } from '@veolearn/contracts';
import { PrefixedClientNats, PrefixedServerNats } from './nats-subject-prefix';

export interface ServiceAddress {
  /** NATS queue group shared by the service's replicas. */
  queue: string;
  host: string;
  port: number;
}

export function authServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: 'auth-service', host: config.AUTH_SERVICE_HOST, port: config.AUTH_SERVICE_PORT };
}

export function videoServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: 'video-service', host: config.VIDEO_SERVICE_HOST, port: config.VIDEO_SERVICE_PORT };
}

/**
 * How a service listens: TCP on its own port, or NATS in its queue group, on subjects under
 * NATS_SUBJECT_PREFIX (so that deployments sharing a NATS server never answer each other).
 */
export function serverTransport(config: AppConfig, address: ServiceAddress): MicroserviceOptions {
  if (config.TRANSPORT === 'nats') {
    return {
      strategy: new PrefixedServerNats({ servers: [config.NATS_URL], queue: address.queue, subjectPrefix: config.NATS_SUBJECT_PREFIX }),
    };
  }
  return { transport: Transport.TCP, options: { host: address.host, port: address.port } };
}

/** How the gateway reaches a service over the configured transport (NATS: under NATS_SUBJECT_PREFIX). */
export function clientTransport(config: AppConfig, address: ServiceAddress): ClientProvider {
  if (config.TRANSPORT === 'nats') {
    // ClientNats narrows the status type of ClientProxy, which `customClass` does not allow for.
    return { customClass: PrefixedClientNats as unknown as Type<ClientProxy>, options: { servers: [config.NATS_URL], subjectPrefix: config.NATS_SUBJECT_PREFIX } };
  }
  return { transport: Transport.TCP, options: { host: address.host, port: address.port } };
}

export function generationServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: 'generation-service', host: config.GENERATION_SERVICE_HOST, port: config.GENERATION_SERVICE_PORT };
}

export function exportServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: 'export-service', host: config.EXPORT_SERVICE_HOST, port: config.EXPORT_SERVICE_PORT };
}

export function ltiServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: 'lti-service', host: config.LTI_SERVICE_HOST, port: config.LTI_SERVICE_PORT };
}

/** The admin-metrics-service: NATS queue group ADMIN_METRICS_QUEUE_GROUP, or TCP on ADMIN_METRICS_SERVICE_HOST:PORT. */
export function adminMetricsServiceAddress(config: AppConfig): ServiceAddress {
  return { queue: ADMIN_METRICS_QUEUE_GROUP, host: config.ADMIN_METRICS_SERVICE_HOST, port: config.ADMIN_METRICS_SERVICE_PORT };
}
