import { EventEncoder } from '@ag-ui/encoder';
console.log(JSON.stringify(new EventEncoder().encode({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'x', parentMessageId: null } as never)));
