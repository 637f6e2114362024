import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CreateInteractionMessage,
  type DeleteInteractionResult,
  type InteractionList,
  InteractionPatterns,
  type InteractionRef,
  type InteractionView,
  type ListInteractionsMessage,
  type MarkGenerationFailedMessage,
  type MarkGenerationFailedResult,
  type SaveGeneratedQuestionsMessage,
  type SaveGeneratedQuestionsResult,
  type UpdateInteractionMessage,
} from '@veolearn/contracts';
import { InteractionsService } from './interactions.service';

@Controller()
export class InteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  @MessagePattern(InteractionPatterns.listForVideo)
  listForVideo(@Payload() message: ListInteractionsMessage): Promise<InteractionList> {
    return this.interactions.listForVideo(message);
  }

  @MessagePattern(InteractionPatterns.create)
  create(@Payload() message: CreateInteractionMessage): Promise<InteractionView> {
    return this.interactions.create(message);
  }

  @MessagePattern(InteractionPatterns.update)
  update(@Payload() message: UpdateInteractionMessage): Promise<InteractionView> {
    return this.interactions.update(message);
  }

  @MessagePattern(InteractionPatterns.delete)
  delete(@Payload() message: InteractionRef): Promise<DeleteInteractionResult> {
    return this.interactions.delete(message);
  }

  @MessagePattern(InteractionPatterns.saveGenerated)
  saveGenerated(@Payload() message: SaveGeneratedQuestionsMessage): Promise<SaveGeneratedQuestionsResult> {
    return this.interactions.saveGenerated(message);
  }

  @MessagePattern(InteractionPatterns.markGenerationFailed)
  markGenerationFailed(@Payload() message: MarkGenerationFailedMessage): Promise<MarkGenerationFailedResult> {
    return this.interactions.markGenerationFailed(message);
  }
}
