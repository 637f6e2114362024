import { Controller, type DynamicModule, Module, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { eventsHistoryPattern, type EventsHistoryMessage, type EventsHistoryPage, readEventsHistory } from './events-history';
import { OutboxRelay, outboxRelayProvider } from './outbox-relay';

/** The controller that answers `<producer>.events-history` with pages of the producer's outbox. */
export function eventsHistoryController(producer: string, schema: string): Type<unknown> {
  @Controller()
  class EventsHistoryController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(eventsHistoryPattern(producer))
    history(@Payload() message: EventsHistoryMessage): Promise<EventsHistoryPage> {
      return readEventsHistory(this.dataSource, schema, message ?? { after: null, limit: 1000 });
    }
  }
  return EventsHistoryController;
}

/**
 * A producer's outbox: its relay (started on bootstrap, stopped on shutdown) and its events-history
 * handler. Import it once in the producer's root module (it needs AppConfig and the TypeORM root).
 */
@Module({})
export class OutboxModule {
  static forProducer(producer: string, schema: string): DynamicModule {
    return {
      module: OutboxModule,
      controllers: [eventsHistoryController(producer, schema)],
      providers: [outboxRelayProvider(schema, producer)],
      exports: [OutboxRelay],
    };
  }
}
